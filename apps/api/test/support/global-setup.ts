// Vitest global setup of the api project: builds the migrated database templates once per run
// (see database-templates.ts) and removes them when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createPostgresTemplate,
  type DatabaseTemplates,
  dropPostgresTemplate,
  writePgliteTemplates,
} from './database-templates.ts';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-test-templates-'));
  const baseUrl = process.env.DATABASE_URL;
  const templates: DatabaseTemplates = {
    pgliteDumpFile: path.join(dir, 'pglite-migrated.tar'),
    pgliteBlankDumpFile: path.join(dir, 'pglite-blank.tar'),
    postgresTemplate: baseUrl ? `assay_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : undefined,
  };
  await Promise.all([
    writePgliteTemplates({ blank: templates.pgliteBlankDumpFile, migrated: templates.pgliteDumpFile }),
    baseUrl && createPostgresTemplate(baseUrl, templates.postgresTemplate!),
  ]);
  project.provide('assayDatabaseTemplates', templates);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (baseUrl) await dropPostgresTemplate(baseUrl, templates.postgresTemplate!);
  };
}
