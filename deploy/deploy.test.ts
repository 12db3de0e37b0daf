import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { getHealthLive, getHealthReady } from '../src/contracts/health.contract';
import { loadEnv } from '../src/server/env';

// deploy/ checked without a cluster or a container runtime (neither runs here): each
// Kubernetes object against the API's OpenAPI schema (kubernetes-models' validators, generated
// from it), and the files' agreement with each other and with the app (probe paths, settings
// the app accepts, the replicas nginx balances).

const DEPLOY = path.dirname(fileURLToPath(import.meta.url));
const K8S = path.join(DEPLOY, 'kubernetes');
const read = (file: string) => readFileSync(path.join(DEPLOY, file), 'utf8');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string } } & Record<
  string,
  unknown
>;
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1 Job': Job,
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'networking.k8s.io/v1 Ingress': Ingress,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};

function manifests(): Map<string, Manifest> {
  const byFile = new Map<string, Manifest>();
  for (const file of readdirSync(K8S).filter((name) => name.endsWith('.yaml'))) {
    if (file === 'kustomization.yaml') continue;
    const docs = parseAllDocuments(readFileSync(path.join(K8S, file), 'utf8'));
    expect(docs, file).toHaveLength(1);
    byFile.set(file, docs[0]!.toJS() as Manifest);
  }
  return byFile;
}

function validate(manifest: Manifest) {
  const Model = MODELS[`${manifest.apiVersion} ${manifest.kind}`];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest as never).validate();
}

describe('Kubernetes manifests', () => {
  const all = manifests();
  const only = (kind: string) => [...all.values()].find((m) => m.kind === kind)!;

  it('each object passes the Kubernetes schema', () => {
    for (const [file, manifest] of all) expect(() => validate(manifest), file).not.toThrow();
  });

  it('the schema check refuses a broken object (a probe without its port, replicas as text)', () => {
    const broken = structuredClone(only('Deployment')) as unknown as IDeployment;
    broken.spec!.replicas = 'three' as never;
    expect(() => validate(broken as never)).toThrow();
    const noPort = structuredClone(only('Deployment')) as unknown as IDeployment;
    delete (
      noPort.spec!.template.spec!.containers[0]!.readinessProbe!.httpGet as { port?: unknown }
    ).port;
    expect(() => validate(noPort as never)).toThrow();
  });

  it('kustomization lists every manifest but the secret example', () => {
    const kustomization = parse(readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8'));
    const expected = [...all.keys()].filter((file) => file !== 'secret.example.yaml').sort();
    expect([...kustomization.resources].sort()).toEqual(expected);
  });

  it('probes the split health endpoints; PDB, HPA and Service point at the Deployment', () => {
    const deployment = only('Deployment') as unknown as IDeployment;
    const container = deployment.spec!.template.spec!.containers[0]!;
    expect(container.readinessProbe!.httpGet!.path).toBe(getHealthReady.path);
    expect(container.livenessProbe!.httpGet!.path).toBe(getHealthLive.path);
    const labels = deployment.spec!.selector.matchLabels;
    expect(deployment.spec!.template.metadata!.labels).toMatchObject(labels!);
    expect((only('PodDisruptionBudget').spec as { selector: unknown }).selector).toEqual({
      matchLabels: labels,
    });
    expect((only('Service').spec as { selector: unknown }).selector).toEqual(labels);
    const hpa = only('HorizontalPodAutoscaler').spec as { scaleTargetRef: { name: string } };
    expect(hpa.scaleTargetRef.name).toBe(deployment.metadata!.name);
    // The grace period outlasts the app's own bound on stopping.
    const config = only('ConfigMap').data as Record<string, string>;
    expect(deployment.spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(
      Number(config.SHUTDOWN_TIMEOUT_SECONDS),
    );
  });

  it('the config and secret keys make a configuration the app accepts', () => {
    const config = only('ConfigMap').data as Record<string, string>;
    const secret = only('Secret').stringData as Record<string, string>;
    expect(() => loadEnv({ ...config, ...secret })).not.toThrow();
    const job = only('Job') as unknown as {
      spec: { template: { spec: { containers: { command: string[] }[] } } };
    };
    expect(job.spec.template.spec.containers[0]!.command).toEqual([
      'node',
      'scripts/start.mjs',
      'migrate',
    ]);
  });
});

/** compose's ${NAME:-default} and ${NAME:?error} with the example .env's values. */
function interpolate(text: string, values: Record<string, string>) {
  return text.replaceAll(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op, rest) => {
    if (values[name]) return values[name];
    if (op === '?') throw new Error(`${name} is required: ${rest}`);
    return op === '-' ? rest : '';
  });
}

describe('compose, nginx and the Dockerfile', () => {
  const example = Object.fromEntries(
    read('.env.example')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const compose = parse(interpolate(read('compose.yaml'), example), { merge: true });

  it('runs 3 API replicas on PostgreSQL after one migration, with settings the app accepts', () => {
    const apis = ['api-1', 'api-2', 'api-3'].map((name) => compose.services[name]);
    for (const api of apis) {
      expect(api.depends_on.migrate.condition).toBe('service_completed_successfully');
      expect(() => loadEnv({ NODE_ENV: 'production', ...api.environment })).not.toThrow();
    }
    expect(compose.services.migrate.command).toEqual(['node', 'scripts/start.mjs', 'migrate']);
    for (const service of ['postgres', 'nginx', 'minio', 'coturn'])
      expect(compose.services, service).toHaveProperty(service);
    expect(() => interpolate(read('compose.yaml'), {})).toThrow('POSTGRES_PASSWORD is required');
  });

  it('nginx balances exactly those replicas and upgrades WebSockets', () => {
    const conf = read('nginx/tutora.conf');
    const upstreams = [...conf.matchAll(/server (api-\d):3000/g)].map((match) => match[1]);
    expect(upstreams).toEqual(['api-1', 'api-2', 'api-3']);
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade;');
  });

  it('the image builds once, runs production dependencies as a non-root user, never builds at start', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/TUTORA_PREBUILT=1/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).not.toMatch(/npm run build|npm ci(?! --omit)/);
  });
});
