import type { Db, Language } from '../lib/types.ts';

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

export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  return await db.value('SELECT 1 FROM tenants WHERE id = ?', tenantId) !== undefined;
}

/** Client numbers match ignoring case (the column is NOCASE), as they come from addresses people type. */
export async function findClientByNo(db: Db, clientNo: string): Promise<ClientRow | undefined> {
  return await db.get('SELECT * FROM clients WHERE client_no = ? COLLATE NOCASE', clientNo) as ClientRow | undefined;
}

export async function findClientById(db: Db, id: number): Promise<ClientRow | undefined> {
  return await db.get('SELECT * FROM clients WHERE id = ?', id) as ClientRow | undefined;
}

/** The client's name in the language, else zh-CN (the product default), else any. */
export async function clientName(db: Db, clientId: number, language: Language): Promise<string | undefined> {
  return await db.value(`SELECT name FROM client_names WHERE client_id = ?
     ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END LIMIT 1`, clientId, language) as string | undefined;
}

/** The client's functions of one type (all types when null), in display order. */
export async function clientFunctions(db: Db, clientId: number, functionType: number | null): Promise<ClientFunctionRow[]> {
  return await db.all(`SELECT function_key, name, props, enable FROM client_functions
     WHERE client_id = ? AND (CAST(? AS BIGINT) IS NULL OR function_type = ?) ORDER BY sort, id`, clientId, functionType, functionType) as ClientFunctionRow[];
}

export async function configValue(db: Db, tenantId: number, key: string): Promise<string | undefined> {
  return await db.value('SELECT value FROM configs WHERE tenant_id = ? AND config_key = ?', tenantId, key) as string | undefined;
}

/** The values of those keys that exist, in no particular order. */
export async function configValues(db: Db, tenantId: number, keys: string[]): Promise<Array<{ config_key: string; value: string }>> {
  return await db.all(`SELECT config_key, value FROM configs WHERE tenant_id = ? AND ${db.dialect.inList('config_key')}`, tenantId,
    keys,
  ) as Array<{ config_key: string; value: string }>;
}

export async function customerService(db: Db, tenantId: number): Promise<CustomerServiceRow | undefined> {
  return await db.get('SELECT url, phone, work_time FROM customer_services WHERE tenant_id = ?', tenantId) as CustomerServiceRow | undefined;
}
