import { ErrorCode } from '../../src/core/error-codes.ts';
import { commerceError } from './commerce-errors.ts';
import { dailyPriceOf } from './pricing.ts';
import type { PricedGrade, PricedPackage } from './pricing.ts';
import type { Db, Language } from './types.ts';

// What a tenant sells (API.md "Products"): grades with their packages and stock.

export interface PackageRow {
  id: number;
  tenant_id: number;
  grade_id: number;
  days: number;
  price: number;
  original_price: number;
}

export interface CatalogGrade extends PricedGrade {
  name: string;
  stock: number;
  packages: PackageRow[];
}

/** Package names are not stored: they are the duration, worded per language like the grade names. */
export function packageName(days: number, language: Language): string {
  return language === 'en-US' ? `${days} ${days === 1 ? 'day' : 'days'}` : `${days}天`;
}

/** A grade's name in the language, else zh-CN (the product default), else empty, as the device list does. */
export function gradeName(db: Db, tenantId: number, gradeId: number, language: Language): string {
  return (
    (db
      .prepare(
        `SELECT COALESCE(
           (SELECT name FROM grade_names WHERE tenant_id = @tenantId AND grade_id = @gradeId AND language = @language),
           (SELECT name FROM grade_names WHERE tenant_id = @tenantId AND grade_id = @gradeId AND language = 'zh-CN'), '')`,
      )
      .pluck()
      .get({ tenantId, gradeId, language }) as string) ?? ''
  );
}

/** Every grade of the tenant in display order, each with its packages (shortest first) and stock. */
export function loadCatalog(db: Db, tenantId: number, language: Language): CatalogGrade[] {
  const grades = db.prepare('SELECT id, sort FROM grades WHERE tenant_id = ? ORDER BY sort, id').all(tenantId) as Array<{ id: number; sort: number }>;
  const packages = db.prepare('SELECT * FROM packages WHERE tenant_id = ? ORDER BY grade_id, days').all(tenantId) as PackageRow[];
  const stock = new Map(
    (db.prepare('SELECT grade_id, stock FROM grade_stock WHERE tenant_id = ?').all(tenantId) as Array<{ grade_id: number; stock: number }>).map(
      (row) => [row.grade_id, row.stock],
    ),
  );
  return grades.map((grade) => {
    const own = packages.filter((p) => p.grade_id === grade.id);
    const monthly = own.find((p) => p.days === 30);
    return {
      id: grade.id,
      sort: grade.sort,
      name: gradeName(db, tenantId, grade.id, language),
      dailyPrice: monthly ? dailyPriceOf(monthly.price) : null,
      // A grade without a stock row has none: selling phones that do not exist is the failure to avoid.
      stock: stock.get(grade.id) ?? 0,
      packages: own,
    };
  });
}

export function requireGrade(catalog: CatalogGrade[], gradeId: number | null): CatalogGrade {
  const grade = catalog.find((g) => g.id === gradeId);
  if (!grade) throw commerceError(ErrorCode.PACKAGE_NOT_EXIST);
  return grade;
}

/** The tenant's package, or PACKAGE_NOT_EXIST (another tenant's package looks exactly like a missing one). */
export function requirePackage(catalog: CatalogGrade[], packageId: number | null): { grade: CatalogGrade; pkg: PricedPackage } {
  for (const grade of catalog) {
    const row = grade.packages.find((p) => p.id === packageId);
    if (row) return { grade, pkg: { id: row.id, gradeId: row.grade_id, days: row.days, price: row.price } };
  }
  throw commerceError(ErrorCode.PACKAGE_NOT_EXIST);
}

/**
 * Takes `count` phones of stock, or returns false when there are not enough. The guarded UPDATE is atomic, so two
 * concurrent buyers can never both take the last phone.
 */
export function takeStock(db: Db, tenantId: number, gradeId: number, count: number): boolean {
  return (
    db
      .prepare('UPDATE grade_stock SET stock = stock - @count WHERE tenant_id = @tenantId AND grade_id = @gradeId AND stock >= @count')
      .run({ count, tenantId, gradeId }).changes === 1
  );
}
