import type { ComponentsJSON } from '@nanostores/i18n';

/* Every folder's te-IN messages as one module: one request for the whole language. */
const files = import.meta.glob<ComponentsJSON>('../../**/messages.te-IN.json', {
  eager: true,
  import: 'default',
});
export default Object.assign({}, ...Object.values(files)) as ComponentsJSON;
