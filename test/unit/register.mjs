// Loaded with `node --import`: TypeScript through tsx, then the alias hook.
import { register } from 'node:module';
import 'tsx/esm';

register('./alias-hooks.mjs', import.meta.url);
