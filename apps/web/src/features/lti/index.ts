/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { AddFromTool } from './components/add-from-tool.tsx';
export { LtiLaunch } from './components/lti-launch.tsx';
export { LtiToolsPanel } from './LtiToolsPanel.tsx';
