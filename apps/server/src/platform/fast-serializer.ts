import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { answerPayload } from './envelope.js';

let isChecking = false;

/** Tests switch this on (createTestApp): every answer is checked against its zod schema too, as the default serializer does. */
export function useCheckedAnswers() {
  isChecking = true;
}

/**
 * A route's answers written by JSON.stringify alone, without zod walking again an answer the
 * service built field by field from typed values (TypeScript holds it to the contract's type). For
 * the few large reads (the room board, free rooms), where that walk cost more than the read itself,
 * and the current user, read on every page load (docs/decisions/0015); every other route keeps the
 * checking serializer. Tests check these too.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const zodSchema = (schema instanceof z.ZodType ? schema : (schema as { properties: unknown }).properties) as z.ZodType;
  return (data: unknown) => answerPayload(JSON.stringify(isChecking ? checked(zodSchema, data) : data));
};

/**
 * The answer as its schema reads it, refused when it carries a field the schema does not name:
 * unchecked, JSON.stringify would send that field, where the checking serializer strips it.
 */
function checked(schema: z.ZodType, data: unknown): unknown {
  const encoded = schema.encode(data);
  const extra = undeclaredPaths(data, encoded, 'answer');
  if (extra.length) throw new Error(`The answer carries fields its contract does not name: ${extra.join(', ')}`);
  return encoded;
}

/** Paths of `data`'s object fields (not undefined) that `encoded`, the schema's reading of it, lacks. */
function undeclaredPaths(data: unknown, encoded: unknown, path: string): string[] {
  if (Array.isArray(data) && Array.isArray(encoded)) return data.flatMap((item, index) => undeclaredPaths(item, encoded[index], `${path}[${index}]`));
  if (!isPlainObject(data) || !isPlainObject(encoded)) return [];
  return Object.keys(data).flatMap((key) => {
    if (data[key] === undefined) return [];
    if (!(key in encoded)) return [`${path}.${key}`];
    return undeclaredPaths(data[key], encoded[key], `${path}.${key}`);
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
