// The esbuild plugins every function's bundle is built with, as the tests and the bench import them.
import type { Plugin } from 'esbuild';

declare const plugins: Plugin[];
export = plugins;
