import { runRouterCases } from './router.case.js';
import { createRouter } from './router.js';

runRouterCases('rou3', () => createRouter<string>());
