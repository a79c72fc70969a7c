/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { TodoCard } from './components/todo-card.tsx';
