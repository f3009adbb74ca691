import type { Db, Language } from '../lib/types.ts';

// Agreements, rule texts and banner advertisements of a tenant.

/** Prefer the requested language, then zh-CN (the product default), then whatever exists. */
const LANGUAGE_ORDER = `ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END LIMIT 1`;

export interface TextRow {
  name: string;
  content: string;
}
export type AgreementRow = TextRow & { type: number };
export type RuleRow = TextRow & { code: string };

export interface AdvertisementRow {
  id: number;
  ad_position: number;
  title: string;
  image_url: string;
  link_url: string;
}

export async function agreementTypes(db: Db, tenantId: number): Promise<number[]> {
  return await db.column('SELECT DISTINCT type FROM agreements WHERE tenant_id = ? ORDER BY type', tenantId) as number[];
}

export async function findAgreement(db: Db, tenantId: number, type: number, language: Language): Promise<AgreementRow | undefined> {
  return await db.get(`SELECT type, name, content FROM agreements WHERE tenant_id = ? AND type = ? ${LANGUAGE_ORDER}`, tenantId, type, language) as
    | AgreementRow
    | undefined;
}

export async function findRule(db: Db, tenantId: number, code: string, language: Language): Promise<RuleRow | undefined> {
  return await db.get(`SELECT code, name, content FROM rules WHERE tenant_id = ? AND code = ? ${LANGUAGE_ORDER}`, tenantId, code, language) as
    | RuleRow
    | undefined;
}

/** Active advertisements of the platform at those positions, by position then sort. */
export async function advertisements(db: Db, tenantId: number, platformNo: string, positions: number[]): Promise<AdvertisementRow[]> {
  return await db.all(`SELECT id, ad_position, title, image_url, link_url FROM advertisements
     WHERE tenant_id = ? AND platform_no = ? AND active = TRUE AND ${db.dialect.inList('ad_position')}
     ORDER BY ad_position, sort, id`, tenantId, platformNo, positions) as AdvertisementRow[];
}
