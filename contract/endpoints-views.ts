import { RemovedResultSchema } from './envelope';
import { byId, e } from './endpoint-entry';
import {
  ListViewDefaultSchema,
  ListViewSchema,
  ListViewsQuerySchema,
  ListViewsSchema,
  ListViewUpsertSchema,
} from './list-views';

/** Saved views of a list (issue 15, item 3; list-views.ts). Part of ENDPOINTS. */
export const VIEW_ENDPOINTS = {
  listViews: e(
    'GET',
    '/views/listviews',
    'views.use',
    'The saved views of a list the caller may open: their own, their store’s shared ones and those shared with everyone; own first, by name.',
    { query: ListViewsQuerySchema, result: ListViewsSchema },
  ),
  getView: e(
    'GET',
    '/views/getview/:id',
    'views.use',
    'One view the caller may open; any other answers exactly like a missing one.',
    { params: byId, result: ListViewSchema },
  ),
  upsertView: e(
    'POST',
    '/views/upsertview',
    'views.use',
    'Creates (no id) or replaces one of the caller’s own views; sharing with the store is a WebAdmin’s, with everyone a BlueTikAdmin’s. A stale `version` answers 409.',
    { body: ListViewUpsertSchema, result: ListViewSchema },
  ),
  removeView: e(
    'DELETE',
    '/views/removeview/:id',
    'views.use',
    'Removes one of the caller’s own views (it stops being anyone’s default).',
    { params: byId, result: RemovedResultSchema },
  ),
  setDefaultView: e(
    'POST',
    '/views/setdefaultview',
    'views.use',
    'Makes a view the caller may open their default of its list (`id` null: none); answers the caller’s views.',
    { body: ListViewDefaultSchema, result: ListViewsSchema },
  ),
} as const;
