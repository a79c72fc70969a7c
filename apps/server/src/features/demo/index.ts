export { DEMO_PASSWORD, seedDemo } from './demo.seed.ts';
