// The esbuild plugin the bench builds its aws-lite candidate with.
import type { Plugin } from 'esbuild';

declare const plugins: Plugin[];
export = plugins;
