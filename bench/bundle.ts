import { build, type Plugin } from 'esbuild';

/** One module bundled as serverless.yml bundles a function (minified ESM for Node 24), to time what Lambda loads. */
export async function bundle(outfile: string, contents: string, plugins: Plugin[] = []) {
  await build({
    stdin: { contents, loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    charset: 'utf8',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outfile,
    plugins,
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}
