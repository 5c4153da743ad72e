import { runRouterCases } from './router.case.js';
import { createRouter } from './router.js';

runRouterCases('memoirist', () => createRouter<string>());
