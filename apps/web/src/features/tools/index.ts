/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Tools & Plugins (issue 24): `/tools-plugins`, the organisation's integrations (webhooks). */
export const toolsPages = {
  toolsPlugins: () => import('./ToolsPluginsPage.tsx'),
};
