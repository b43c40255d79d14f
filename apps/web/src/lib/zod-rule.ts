import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd Form rule that runs the contract's zod schema for one field, so the form shows
 * exactly the messages the API would answer (one source of truth for every rule).
 */
export function zodRule<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): Rule {
  const fieldSchema = schema.shape[field] as z.ZodType;
  return {
    validator: async (_rule, value) => {
      const result = fieldSchema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
