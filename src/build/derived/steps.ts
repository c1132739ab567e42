/**
 * The files derived from the content, and how each is made: one list, read by the build
 * (src/build/derived/integration.ts, before the content is loaded), by `npm run derived`
 * (scripts/derived.ts) and by tests/unit/derived.test.ts. src/build/derived/cache.ts decides
 * from the stamps (src/build/derived/stamps.json) which of them must be made again.
 *
 * Every path is relative to the project root, with '/'. Globs know `*` (within one folder)
 * and `**` (any depth), nothing else. A step's inputs are the content it reads; its code
 * (its script and every module that script imports, followed through relative imports, and
 * the npm packages they import or resolve) is added by the cache on its own, so a changed
 * generator is rerun too and no list of modules here can fall behind.
 *
 * The outputs must be exactly what the script writes, and no two steps may write the same
 * file (the test checks): a file the script does not write would make the step look stale
 * for ever, and a file outside the outputs would not be noticed when it goes missing.
 */

/** What a step needs to run: Node only (the build runs it), or Chromium with system fonts (a person does). */
export type StepNeeds = 'node' | 'chromium';

export interface DerivedStep {
  /** Key of its stamp and its name on the command line (`npm run derived -- --run sea-legs`). */
  id: string;
  /** Its name in the build's messages ("sea legs current (3 ms)"). */
  title: string;
  /** The generator, run as `node <script> <args>` from the project root. */
  script: string;
  args?: readonly string[];
  /** What a person runs to make the outputs by hand (named in the messages). */
  command: string;
  /** Content files it reads (globs). Its code is added by the cache. */
  inputs: readonly string[];
  /** Files it writes (globs). */
  outputs: readonly string[];
  needs: StepNeeds;
  /** For a Chromium step: what must be installed, as the message tells a person. */
  requires?: string;
  /** Steps whose outputs it reads; they come earlier in the list. */
  after?: readonly string[];
  /**
   * The part of a JSON input the step reads, by input glob: the file counts as changed only when
   * that part does (a call time is no input of the sea legs, which take 25 s to route).
   * A file that does not parse counts by its bytes, so the step runs and reports it.
   */
  reads?: Readonly<Record<string, (json: unknown) => unknown>>;
  /**
   * Input globs whose change alone leaves the step's earlier output right for everything the change
   * did not touch: when every reason to run is such an input changed, added or removed (no other input,
   * no code, no output missing or edited), the cache runs the script with DERIVED_KEEP=1, and the script
   * may keep the entries of its output file that the change did not touch and make only the others.
   * It must then write what a run from scratch writes, byte for byte (its tests compare the two).
   */
  keeps?: readonly string[];
}

interface TradeFile {
  groups: { services: { calls: { port: string; via?: string }[] }[] }[];
}

/**
 * In the order they run. When one runs (a child process, Node 24, this content): sea legs 25 to
 * 29 s (some 200 legs routed round the land; after a changed rotation alone, its new legs only: about
 * 2 s), every other step 35 to 190 ms, of which some 40 ms is starting Node. When none runs, hashing
 * all of them costs 10 to 30 ms.
 */
export const STEPS: readonly DerivedStep[] = [
  {
    id: 'sea-legs',
    title: 'sea legs',
    script: 'src/build/derived/generators/sea-legs.ts',
    command: 'npm run routes:legs',
    inputs: ['content/routes/ports.json', 'content/routes/trades/*.json'],
    outputs: ['content/routes/sea-legs.json'],
    needs: 'node',
    // a changed rotation routes only the legs no service sailed before (a leg's route depends on its two ports, its
    // passage and the code): seconds instead of the whole routing
    keeps: ['content/routes/trades/*.json'],
    // the legs are routed between the ports of consecutive calls, by the passage a call names
    reads: {
      'content/routes/ports.json': (file) => (file as { ports: { locode: string; lon: number; lat: number }[] }).ports.map((p) => [p.locode, p.lon, p.lat]),
      'content/routes/trades/*.json': (trade) => (trade as TradeFile).groups.map((g) => g.services.map((s) => s.calls.map((c) => [c.port, c.via ?? null]))),
    },
  },
  {
    id: 'carbon-network',
    title: 'carbon network',
    script: 'src/build/derived/generators/carbon-data.ts',
    command: 'npm run carbon:data',
    inputs: ['content/routes/trades/*.json', 'content/routes/ports.json', 'content/routes/sea-legs.json', 'content/carbon/cities.json', 'content/carbon/rail.json', 'content/carbon/factors.json'],
    outputs: ['content/carbon/network.json'],
    needs: 'node',
    after: ['sea-legs'],
  },
  {
    id: 'resume-templates',
    title: 'résumé templates',
    script: 'src/build/derived/generators/make-resume-templates.ts',
    command: 'npm run forms:templates',
    inputs: ['content/recruiting/positions.json'],
    outputs: ['public/files/recruiting/*.docx'],
    needs: 'node',
  },
  {
    id: 'help-documents',
    title: 'help documents',
    script: 'src/build/derived/generators/make-help-documents.mjs',
    command: 'node src/build/derived/generators/make-help-documents.mjs',
    inputs: [
      'content/help/downloads.json',
      'content/help/tariffs.json',
      'content/help/pages/*/bill-conditions.md',
      'content/pages/*/stuffing-regulations.md',
      'content/containers.json',
      'content/services/pages/container-loss.json',
    ],
    outputs: ['public/files/downloads/*.pdf', 'public/files/tariffs/*.pdf'],
    needs: 'node',
  },
  {
    id: 'local-assets',
    title: 'local site assets',
    script: 'src/build/derived/generators/make-local-assets.mjs',
    command: 'node src/build/derived/generators/make-local-assets.mjs',
    inputs: ['content/local/*/*.json'],
    outputs: ['public/local/**'],
    needs: 'node',
  },
  {
    id: 'scl-artwork',
    title: 'supply-chain pictures',
    script: 'src/build/derived/generators/make-scl-artwork.mjs',
    command: 'node src/build/derived/generators/make-scl-artwork.mjs',
    inputs: ['content/scl/*.json'],
    outputs: ['public/scl/**'],
    needs: 'node',
  },
  {
    // drawn from its own code only: rerun when the drawing changes
    id: 'artwork',
    title: 'site artwork',
    script: 'src/build/derived/generators/make-artwork.mjs',
    command: 'node src/build/derived/generators/make-artwork.mjs',
    inputs: [],
    outputs: [
      'public/favicon.svg',
      'public/images/about/*.svg',
      'public/images/brand/*.svg',
      'public/images/certificates/*.svg',
      'public/images/home/*.svg',
      'public/images/icons/*.svg',
      'public/images/leaders/*.svg',
      'public/images/reports/*.svg',
      'public/images/welfare/*.svg',
    ],
    needs: 'node',
  },
  {
    id: 'certificates',
    title: 'vessel certificates',
    script: 'src/build/derived/generators/make-certificates.mjs',
    command: 'node src/build/derived/generators/make-certificates.mjs',
    inputs: ['content/vessels.json'],
    outputs: ['public/files/vessels/*.pdf'],
    needs: 'node',
  },
  {
    id: 'fleet-artwork',
    title: 'fleet artwork',
    script: 'src/build/derived/generators/make-fleet-artwork.mjs',
    command: 'node src/build/derived/generators/make-fleet-artwork.mjs',
    inputs: ['content/vessels.json'],
    outputs: ['public/images/vessels/*.svg', 'public/images/containers/*.svg'],
    needs: 'node',
  },
  {
    // drawn from its own code only (the port-information QR codes are drawn by the page)
    id: 'service-images',
    title: 'service pictures',
    script: 'src/build/derived/generators/make-service-images.mjs',
    command: 'node src/build/derived/generators/make-service-images.mjs',
    inputs: [],
    outputs: ['public/images/services/**'],
    needs: 'node',
  },
];

/** Generators that are deliberately not steps, and why (printed by `npm run derived -- --check`). */
export const NOT_STEPS: readonly { script: string; why: string }[] = [
  {
    script: 'src/build/derived/generators/make-documents.mjs',
    why:
      'fixed sample documents (public/files/certificates, compliance, contact, reports): their text and figures are written in the script, ' +
      'no content file is read, so no content edit can make them stale; they need Chromium and fonts-noto-cjk, and Chromium writes a new ' +
      'creation date into every PDF, so the build could neither redraw them nor compare them. Run it by hand after editing the script.',
  },
];
