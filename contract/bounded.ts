import * as v from 'valibot';

/*
 * Bounds on list-shaped input (issue 23). A request body may be 1 MB, which holds
 * 330,000 empty array elements or 100,000 encoded entries; validating each of them, and
 * reporting an issue for each, kept the server's only thread busy for seconds. So every
 * list's length is checked before any of its elements, and a list stops reporting after
 * MAX_ISSUES messages: a screen shows a few, and a thousand more say nothing new.
 */

/** Most messages one list reports (encoded lists, arrays); past it, validation stops. */
export const MAX_ISSUES = 10;

/** What a bounded array says when it is not an array, too short or too long. */
export interface BoundedArrayMessages {
  /** Not an array at all. */
  type: string;
  /** Fewer than `min` elements (defaults to `type`). */
  min?: string;
  /** More than `max` elements. */
  max: string;
}

/** What an array schema that leaves its elements unread stands for, in generated API documents. */
export interface ArrayDocs {
  item: v.GenericSchema;
  min: number;
  max: number;
}

/**
 * The arrays checked by `arrayOf` and what each holds: v.custom leaves its elements
 * unread, so JSON Schema generators (server/openapi) look the element schema up here.
 */
export const ARRAY_DOCS = new WeakMap<object, ArrayDocs>();

/**
 * Any array, its elements left unread (v.array would visit every one of them); documented
 * as an array of `docs.item` with `docs.min`..`docs.max` elements.
 */
export function arrayOf<T>(message: string, docs: ArrayDocs) {
  const schema = v.custom<T[]>((x) => Array.isArray(x), message);
  ARRAY_DOCS.set(schema, docs);
  return schema;
}

/**
 * An array of `min`..`max` elements of `item`. The length is checked first, and when it
 * fails no element is looked at; otherwise the elements are validated in order until
 * MAX_ISSUES issues are collected (each keeps its path, so forms place it on its row).
 */
export function boundedArray<TItem extends v.GenericSchema>(
  item: TItem,
  opts: { min?: number; max: number; messages: BoundedArrayMessages },
) {
  const min = opts.min ?? 0;
  return v.pipe(
    arrayOf<unknown>(opts.messages.type, { item, min, max: opts.max }),
    v.check((list) => list.length >= min, opts.messages.min ?? opts.messages.type),
    v.check((list) => list.length <= opts.max, opts.messages.max),
    // A transformation: valibot skips it once the length checks above have failed.
    v.rawTransform(({ dataset, config, addIssue, NEVER }) => {
      const list = dataset.value;
      const out: v.InferOutput<TItem>[] = [];
      let reported = 0;
      for (let key = 0; key < list.length && reported < MAX_ISSUES; key++) {
        const value = list[key];
        const parsed = v.safeParse(item, value, { lang: config.lang });
        if (parsed.success) {
          out.push(parsed.output);
          continue;
        }
        for (const issue of parsed.issues.slice(0, MAX_ISSUES - reported)) {
          reported++;
          addIssue({
            message: issue.message,
            path: [{ type: 'array', origin: 'value', input: list, key, value }, ...(issue.path ?? [])],
          });
        }
      }
      return reported ? NEVER : out;
    }),
  );
}
