import type { Db, Language } from '../lib/types.ts';

// What a tenant sells: grades (with names per language), their packages and their stock.

/**
 * SQL for a grade's name in the language, else its zh-CN name (the product default), else empty. Written once for
 * every query that shows a grade name (the catalogue, the grade list, the device list).
 */
export function gradeNameSql(tenantId: string, gradeId: string, language: string): string {
  return `COALESCE(
    (SELECT name FROM grade_names WHERE tenant_id = ${tenantId} AND grade_id = ${gradeId} AND language = ${language}),
    (SELECT name FROM grade_names WHERE tenant_id = ${tenantId} AND grade_id = ${gradeId} AND language = 'zh-CN'), '')`;
}

export interface GradeRow {
  id: number;
  sort: number;
  name: string;
}

export interface PackageRow {
  id: number;
  tenant_id: number;
  grade_id: number;
  days: number;
  price: number;
  original_price: number;
}

export async function gradeName(db: Db, tenantId: number, gradeId: number, language: Language): Promise<string> {
  return (await db.value(`SELECT ${gradeNameSql('@tenantId', '@gradeId', '@language')}`, { tenantId, gradeId, language }) as string) ?? '';
}

/** The tenant's grades in display order, named in the language. */
export async function listGrades(db: Db, tenantId: number, language: Language): Promise<GradeRow[]> {
  return await db.all(`SELECT g.id, g.sort, ${gradeNameSql('g.tenant_id', 'g.id', '@language')} AS name FROM grades g WHERE g.tenant_id = @tenantId ORDER BY g.sort, g.id`, {
    tenantId,
    language,
  }) as GradeRow[];
}

/** Every package of the tenant, by grade and then shortest first. */
export async function listPackages(db: Db, tenantId: number): Promise<PackageRow[]> {
  return await db.all('SELECT * FROM packages WHERE tenant_id = ? ORDER BY grade_id, days', tenantId) as PackageRow[];
}

/** Stock per grade id; a grade without a row is absent. */
export async function stockByGrade(db: Db, tenantId: number): Promise<Map<number, number>> {
  const rows = await db.all('SELECT grade_id, stock FROM grade_stock WHERE tenant_id = ?', tenantId) as Array<{ grade_id: number; stock: number }>;
  return new Map(rows.map((row) => [row.grade_id, row.stock]));
}

/**
 * Takes `count` phones of stock, or returns false when there are not enough. The guarded UPDATE is atomic, so two
 * concurrent buyers can never both take the last phone.
 */
export async function takeStock(db: Db, tenantId: number, gradeId: number, count: number): Promise<boolean> {
  return (
    (await db.run('UPDATE grade_stock SET stock = stock - @count WHERE tenant_id = @tenantId AND grade_id = @gradeId AND stock >= @count', {
      count,
      tenantId,
      gradeId,
    })).changes === 1
  );
}
