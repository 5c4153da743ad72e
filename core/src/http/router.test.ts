import { createRouter } from './router.js';
import { runRouterCases } from './router.case.js';

runRouterCases('find-my-way', () => createRouter<string>());
