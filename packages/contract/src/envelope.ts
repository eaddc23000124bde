import { z } from 'zod';

/** Every JSON answer: `{ returncode, message, result }` (DECISIONS.md, The API contract). */
export const envelopeOf = <T extends z.ZodType>(result: T) =>
  z.object({
    returncode: z.number().int().describe('Response code from the catalogue (docs/api.md)'),
    message: z.string().describe("Human-readable message in the caller's language"),
    result,
  });

export interface Envelope<T> {
  returncode: number;
  message: string;
  result: T;
}

/** Envelope of an error answer; `result` may carry field details for invalid input. */
export const ErrorEnvelope = envelopeOf(
  z
    .object({
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .describe('Which fields were refused and why'),
      retryAfterSeconds: z.number().int().optional(),
    })
    .nullable(),
);
