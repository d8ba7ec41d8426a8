import { loadCorpus, startCorpusOrigin } from './corpus-cases';

/**
 * The corpus origin in its own process, so the bench's RSS figures measure the fetchers and
 * not 15 MB of pages held by the server. Started by previews.bench.ts with fork().
 */
const cases = loadCorpus();
const corpus = await startCorpusOrigin('127.0.0.1', cases);
const wireSizes = Object.fromEntries(cases.map((entry) => [entry.id, corpus.wireSize(entry.id)]));
process.send?.({ port: corpus.origin.port, wireSizes });
process.on('disconnect', () => {
  void corpus.origin.close().then(() => process.exit(0));
});
