import type { TestProject } from 'vitest/node';
import { createTemplateDatabase } from './database.js';

let template: Awaited<ReturnType<typeof createTemplateDatabase>> | undefined;

/**
 * Once per server-suite run: migrates the template that createMigratedTestDatabase copies for
 * every test app (`teardown` deletes it when the run ends).
 */
export async function setup(project: TestProject): Promise<void> {
  template = await createTemplateDatabase();
  project.provide('migratedTemplateUrl', template.url);
}

export async function teardown(): Promise<void> {
  await template?.cleanup();
}
