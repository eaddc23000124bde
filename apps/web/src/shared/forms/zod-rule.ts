import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule from a contract schema: the field is refused with `message` when the schema
 * refuses its value, so the form and the server apply the same rule (STYLE.md, habit 4).
 */
export function zodRule(schema: z.ZodType, message: string): Rule {
  return {
    validator: (_rule, value: unknown) => (schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}
