import type { Db, Language } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

// Tenants, their clients (apps) with names and feature switches, configuration values and customer service.

export interface ClientRow {
  id: number;
  client_no: string;
  tenant_id: number;
  platform: string;
  logo_url: string;
  customer_service_url: string;
  version: string;
}

export interface ClientFunctionRow {
  function_key: string;
  name: string;
  props: string;
  enable: number;
}

export interface CustomerServiceRow {
  url: string;
  phone: string;
  work_time: string;
}

export function tenantExists(db: Db, tenantId: number): boolean {
  return plucked(db, 'SELECT 1 FROM tenants WHERE id = ?').get(tenantId) !== undefined;
}

/** Client numbers match ignoring case (the column is NOCASE), as they come from addresses people type. */
export function findClientByNo(db: Db, clientNo: string): ClientRow | undefined {
  return statement(db, 'SELECT * FROM clients WHERE client_no = ? COLLATE NOCASE').get(clientNo) as ClientRow | undefined;
}

export function findClientById(db: Db, id: number): ClientRow | undefined {
  return statement(db, 'SELECT * FROM clients WHERE id = ?').get(id) as ClientRow | undefined;
}

/** The client's name in the language, else zh-CN (the product default), else any. */
export function clientName(db: Db, clientId: number, language: Language): string | undefined {
  return plucked(
    db,
    `SELECT name FROM client_names WHERE client_id = ?
     ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END LIMIT 1`,
  ).get(clientId, language) as string | undefined;
}

/** The client's functions of one type (all types when null), in display order. */
export function clientFunctions(db: Db, clientId: number, functionType: number | null): ClientFunctionRow[] {
  return statement(
    db,
    `SELECT function_key, name, props, enable FROM client_functions
     WHERE client_id = ? AND (? IS NULL OR function_type = ?) ORDER BY sort, id`,
  ).all(clientId, functionType, functionType) as ClientFunctionRow[];
}

export function configValue(db: Db, tenantId: number, key: string): string | undefined {
  return plucked(db, 'SELECT value FROM configs WHERE tenant_id = ? AND config_key = ?').get(tenantId, key) as string | undefined;
}

/** The values of those keys that exist, in no particular order. */
export function configValues(db: Db, tenantId: number, keys: string[]): Array<{ config_key: string; value: string }> {
  return statement(db, 'SELECT config_key, value FROM configs WHERE tenant_id = ? AND config_key IN (SELECT value FROM json_each(?))').all(
    tenantId,
    JSON.stringify(keys),
  ) as Array<{ config_key: string; value: string }>;
}

export function customerService(db: Db, tenantId: number): CustomerServiceRow | undefined {
  return statement(db, 'SELECT url, phone, work_time FROM customer_services WHERE tenant_id = ?').get(tenantId) as CustomerServiceRow | undefined;
}
