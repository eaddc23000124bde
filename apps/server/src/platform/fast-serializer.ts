import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

let isChecking = false;

/** Tests switch this on (createTestApp): every answer is checked against its zod schema too, as the default serializer does. */
export function useCheckedAnswers() {
  isChecking = true;
}

/**
 * A route's answers written by JSON.stringify alone, without zod walking again an answer the
 * service built field by field from typed values (TypeScript holds it to the contract's type). For
 * the few large reads (the room board, free rooms), where that walk cost more than the read itself
 * (docs/decisions/0015); every other route keeps the checking serializer. Tests check these too.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const zodSchema = (schema instanceof z.ZodType ? schema : (schema as { properties: unknown }).properties) as z.ZodType;
  return (data: unknown) => JSON.stringify(isChecking ? zodSchema.encode(data) : data);
};
