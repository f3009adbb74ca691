import { ErrorCode } from '../../shared/error-codes.ts';
import { listGrades, listPackages, stockByGrade } from '../data/products.ts';
import type { PackageRow } from '../data/products.ts';
import { apiError } from './errors.ts';
import { dailyPriceOf } from './pricing.ts';
import type { PricedGrade, PricedPackage } from './pricing.ts';
import type { Db, Language } from './types.ts';

// What a tenant sells (API.md "Products"): grades with their packages and stock.

export interface CatalogGrade extends PricedGrade {
  name: string;
  stock: number;
  packages: PackageRow[];
}

/** Package names are not stored: they are the duration, worded per language like the grade names. */
export function packageName(days: number, language: Language): string {
  return language === 'en-US' ? `${days} ${days === 1 ? 'day' : 'days'}` : `${days}天`;
}

/** Every grade of the tenant in display order, each with its packages (shortest first) and stock. */
export async function loadCatalog(db: Db, tenantId: number, language: Language): Promise<CatalogGrade[]> {
  const packages = await listPackages(db, tenantId);
  const stock = await stockByGrade(db, tenantId);
  return (await listGrades(db, tenantId, language)).map((grade) => {
    const own = packages.filter((p) => p.grade_id === grade.id);
    const monthly = own.find((p) => p.days === 30);
    return {
      id: grade.id,
      sort: grade.sort,
      name: grade.name,
      dailyPrice: monthly ? dailyPriceOf(monthly.price) : null,
      // A grade without a stock row has none: selling phones that do not exist is the failure to avoid.
      stock: stock.get(grade.id) ?? 0,
      packages: own,
    };
  });
}

export function requireGrade(catalog: CatalogGrade[], gradeId: number | null): CatalogGrade {
  const grade = catalog.find((g) => g.id === gradeId);
  if (!grade) throw apiError(ErrorCode.PACKAGE_NOT_EXIST);
  return grade;
}

/** The tenant's package, or PACKAGE_NOT_EXIST (another tenant's package looks exactly like a missing one). */
export function requirePackage(catalog: CatalogGrade[], packageId: number | null): { grade: CatalogGrade; pkg: PricedPackage } {
  for (const grade of catalog) {
    const row = grade.packages.find((p) => p.id === packageId);
    if (row) return { grade, pkg: { id: row.id, gradeId: row.grade_id, days: row.days, price: row.price } };
  }
  throw apiError(ErrorCode.PACKAGE_NOT_EXIST);
}
