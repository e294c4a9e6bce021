import { i18n } from '../lib/i18n';

/** What the route components say themselves (the screens' own words live with the features). */
export const routeMessages = i18n('routes/notices', {
  profileSaved: 'Your profile was saved.',
  passwordChanged: 'Your password was changed. Please sign in with the new password.',
});
