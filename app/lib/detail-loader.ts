import { notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { IdSchema } from '#contract/rules';
import { ApiError } from './api-client';

/** A route's `$id` as a positive whole number; anything else is the not-found screen. */
export function routeId(raw: string): number {
  const parsed = v.safeParse(IdSchema, raw);
  if (!parsed.success) throw notFound();
  return parsed.output;
}

/** Awaits a detail load; a 404 from the API (missing, or another store's row) is the not-found screen. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
