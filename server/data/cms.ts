import type { Db, Language } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

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

export function agreementTypes(db: Db, tenantId: number): number[] {
  return plucked(db, 'SELECT DISTINCT type FROM agreements WHERE tenant_id = ? ORDER BY type').all(tenantId) as number[];
}

export function findAgreement(db: Db, tenantId: number, type: number, language: Language): AgreementRow | undefined {
  return statement(db, `SELECT type, name, content FROM agreements WHERE tenant_id = ? AND type = ? ${LANGUAGE_ORDER}`).get(tenantId, type, language) as
    | AgreementRow
    | undefined;
}

export function findRule(db: Db, tenantId: number, code: string, language: Language): RuleRow | undefined {
  return statement(db, `SELECT code, name, content FROM rules WHERE tenant_id = ? AND code = ? ${LANGUAGE_ORDER}`).get(tenantId, code, language) as
    | RuleRow
    | undefined;
}

/** Active advertisements of the platform at those positions, by position then sort. */
export function advertisements(db: Db, tenantId: number, platformNo: string, positions: number[]): AdvertisementRow[] {
  return statement(
    db,
    `SELECT id, ad_position, title, image_url, link_url FROM advertisements
     WHERE tenant_id = ? AND platform_no = ? AND active = 1 AND ad_position IN (SELECT value FROM json_each(?))
     ORDER BY ad_position, sort, id`,
  ).all(tenantId, platformNo, JSON.stringify(positions)) as AdvertisementRow[];
}
