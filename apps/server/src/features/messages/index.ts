import type { AppModule } from '../../core/module.ts';
import { messagesMatrix } from './messages.matrix.ts';
import { registerMessagesRoutes } from './messages.routes.ts';

/** Direct messages (issue 13): one-to-one and group conversations within an organisation. */
export const messagesModule: AppModule = {
  name: 'messages',
  feature: 'messages',
  routes: registerMessagesRoutes,
  matrix: messagesMatrix,
};

/** The caller's unread messages (not muted, not their own): the top bar's messages counter. */
export { unreadMessageCount } from './messages.repository.ts';
