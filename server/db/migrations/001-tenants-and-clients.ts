import type { Migration } from './migration.ts';

export const migration001: Migration = {
  version: 1,
  name: 'tenants, clients, configuration and agreements',
  sql: `
      CREATE TABLE tenants (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL
      );
      CREATE TABLE clients (
        id INTEGER PRIMARY KEY,
        client_no TEXT NOT NULL UNIQUE COLLATE NOCASE,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        platform TEXT NOT NULL CHECK (platform IN ('h5', 'pc')),
        logo_url TEXT NOT NULL DEFAULT '',
        customer_service_url TEXT NOT NULL DEFAULT '',
        version TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX clients_tenant ON clients (tenant_id);
      CREATE TABLE client_names (
        client_id INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (client_id, language)
      );
      CREATE TABLE client_functions (
        id INTEGER PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        function_type INTEGER NOT NULL,
        function_key TEXT NOT NULL,
        name TEXT NOT NULL,
        props TEXT NOT NULL DEFAULT '{}',
        enable INTEGER NOT NULL DEFAULT 1,
        sort INTEGER NOT NULL DEFAULT 0,
        UNIQUE (client_id, function_type, function_key)
      );
      CREATE TABLE configs (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        config_key TEXT NOT NULL,
        value TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (tenant_id, config_key)
      );
      CREATE TABLE agreements (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        type INTEGER NOT NULL,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (tenant_id, type, language)
      );
      CREATE TABLE rules (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        code TEXT NOT NULL,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (tenant_id, code, language)
      );
    `,
};
