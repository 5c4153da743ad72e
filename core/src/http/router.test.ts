import { runRouterCases } from './router.case.js';
import { createRouter } from './router.js';

runRouterCases('find-my-way', () => createRouter<string>());
