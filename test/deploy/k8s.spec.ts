// Checks k8s/ against the contract (libs/contracts): there is no cluster here, so the manifests are
// parsed and their kinds, commands, ports, probes, resources and Ingress paths asserted.
import {
  EDGE_DEFAULT_PORT,
  ROUTE_TABLE,
  SERVICE_DEFAULT_PORTS,
  SERVICE_NAMES,
  resolveRoute,
  upstreamEnvVar,
  type ServiceName,
} from '@app/contracts';
import { exists, loadAllYaml, loadYaml, type Node, yamlFilesUnder } from './helpers';

const IMAGE = 'realty-platform';
const CONFIG_MAP = 'realty-config';
const SECRET = 'realty-secrets';
const SIGNING_SECRET = 'identity-jwt-signing';
/** The operators' HTTP Basic credential of the queues board (/api/ops/queues): identity's API only. */
const OPS_SECRET = 'ops-credentials';
/** The PKCS#12 certificate that seals completed e-sign PDFs and its passphrase: esign's API and worker only. */
const ESIGN_SECRET = 'esign-sealing';
const ESIGN_SECRET_KEYS = ['ESIGN_P12_BASE64', 'ESIGN_P12_PASSPHRASE'];

interface Manifest {
  file: string;
  doc: Node;
}

const files = yamlFilesUnder('k8s');
const manifests: Manifest[] = files.flatMap((file) => loadAllYaml(`k8s/${file}`).map((doc) => ({ file, doc })));
/** What `kubectl apply -k k8s` applies: the example Secret is a template, not a resource. */
const applied = manifests.filter((m) => m.file !== 'kustomization.yaml' && !m.file.endsWith('.example.yaml'));

function find(kind: string, name: string): Manifest | undefined {
  return applied.find((m) => m.doc.kind === kind && m.doc.metadata?.name === name);
}

function get(kind: string, name: string): Node {
  const found = find(kind, name);
  if (!found) throw new Error(`k8s/: no ${kind} named "${name}"`);
  return found.doc;
}

function onlyContainer(workload: Node): Node {
  const containers = workload.spec.template.spec.containers;
  expect(containers).toHaveLength(1);
  return containers[0];
}

/** The number a probe's / Service's port refers to (a number or a named container port). */
function containerPortNumber(container: Node, port: number | string): number {
  if (typeof port === 'number') return port;
  const named = (container.ports ?? []).find((p: Node) => p.name === port);
  if (!named) throw new Error(`container ${container.name} has no port named "${port}"`);
  return named.containerPort;
}

function labelsMatch(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}

function expectResources(container: Node): void {
  for (const kind of ['requests', 'limits']) {
    expect(container.resources?.[kind]?.cpu).toBeDefined();
    expect(container.resources?.[kind]?.memory).toBeDefined();
  }
}

function expectSelectorMatchesTemplate(workload: Node): void {
  const selector = workload.spec.selector.matchLabels;
  expect(Object.keys(selector).length).toBeGreaterThan(0);
  expect(labelsMatch(selector, workload.spec.template.metadata.labels)).toBe(true);
}

function expectNonRoot(workload: Node): void {
  const pod = workload.spec.template.spec;
  expect(pod.securityContext?.runAsNonRoot).toBe(true);
  expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
}

function envFromNames(container: Node): { configMaps: string[]; secrets: string[] } {
  const from: Node[] = container.envFrom ?? [];
  return {
    configMaps: from.filter((e) => e.configMapRef).map((e) => e.configMapRef.name),
    secrets: from.filter((e) => e.secretRef).map((e) => e.secretRef.name),
  };
}

/** Every variable name a container gets: its env plus the keys of the ConfigMaps/Secrets it loads. */
function envNames(container: Node): Set<string> {
  const names = new Set<string>((container.env ?? []).map((e: Node) => e.name));
  const { configMaps, secrets } = envFromNames(container);
  for (const name of configMaps) Object.keys(get('ConfigMap', name).data ?? {}).forEach((k) => names.add(k));
  for (const name of secrets) {
    const secret = manifests.find((m) => m.doc.kind === 'Secret' && m.doc.metadata?.name === name)?.doc;
    if (!secret) throw new Error(`no Secret (or template) named "${name}" under k8s/`);
    Object.keys({ ...secret.stringData, ...secret.data }).forEach((k) => names.add(k));
  }
  return names;
}

/** Environment every service process needs (docs/skeleton-contract.md). */
const REQUIRED_SERVICE_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_PUBLIC_KEY',
  'NODE_ENV',
  'STORAGE_DRIVER',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'MAIL_DRIVER',
  'SMTP_URL',
];

function expectServiceEnv(service: ServiceName, container: Node): void {
  const names = envNames(container);
  for (const name of REQUIRED_SERVICE_ENV) expect({ service, name, present: names.has(name) }).toEqual({ service, name, present: true });
  const signingRefs = (container.env ?? []).filter((e: Node) => e.valueFrom?.secretKeyRef?.name === SIGNING_SECRET);
  if (service === 'identity') {
    expect(signingRefs.map((e: Node) => e.name)).toEqual(['JWT_PRIVATE_KEY']);
  } else {
    // Only identity may hold the signing key.
    expect(names.has('JWT_PRIVATE_KEY')).toBe(false);
    expect(signingRefs).toHaveLength(0);
  }
}

describe('k8s manifests', () => {
  it('parse, and every document is a named Kubernetes object', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { file, doc } of manifests) {
      expect({ file, apiVersion: typeof doc.apiVersion, kind: typeof doc.kind }).toEqual({
        file,
        apiVersion: 'string',
        kind: 'string',
      });
      if (doc.kind !== 'Kustomization') expect(typeof doc.metadata?.name).toBe('string');
    }
  });

  it('have no two objects with the same kind and name', () => {
    const keys = applied.map((m) => `${m.doc.kind}/${m.doc.metadata.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('keep one file per service under k8s/services/', () => {
    expect(files.filter((f) => f.startsWith('services/')).sort()).toEqual(SERVICE_NAMES.map((s) => `services/${s}.yaml`).sort());
  });

  describe('kustomization.yaml', () => {
    const kustomization = loadYaml('k8s/kustomization.yaml');

    it('lists every manifest file except the Secret template, and only existing files', () => {
      const expected = files.filter((f) => f !== 'kustomization.yaml' && !f.endsWith('.example.yaml'));
      expect([...kustomization.resources].sort()).toEqual(expected);
      for (const resource of kustomization.resources) expect(exists(`k8s/${resource}`)).toBe(true);
      expect(kustomization.resources).not.toContain('secret.example.yaml');
    });

    it('puts everything in the namespace it creates', () => {
      const namespace = applied.find((m) => m.doc.kind === 'Namespace');
      expect(namespace).toBeDefined();
      expect(kustomization.namespace).toBe(namespace!.doc.metadata.name);
    });

    it('sets the image that every container uses', () => {
      expect(kustomization.images.map((i: Node) => i.name)).toContain(IMAGE);
      const workloads = applied.filter((m) => ['Deployment', 'Job'].includes(m.doc.kind));
      for (const { doc } of workloads) {
        for (const container of doc.spec.template.spec.containers) expect(container.image).toBe(IMAGE);
      }
    });
  });

  describe('configuration', () => {
    it('ConfigMap holds the non-secret environment and the edge upstreams', () => {
      const data = get('ConfigMap', CONFIG_MAP).data;
      expect(data).toMatchObject({ NODE_ENV: 'production', STORAGE_DRIVER: 's3', MAIL_DRIVER: 'smtp' });
      expect(data.EDGE_PORT).toBe(String(EDGE_DEFAULT_PORT));
      for (const service of SERVICE_NAMES) {
        expect(data[upstreamEnvVar(service)]).toBe(`http://${service}:${SERVICE_DEFAULT_PORTS[service]}`);
      }
      for (const secretName of ['DATABASE_URL', 'REDIS_URL', 'JWT_PRIVATE_KEY', 'S3_SECRET_KEY', 'SMTP_URL']) {
        expect(data[secretName]).toBeUndefined();
      }
    });

    it('secret.example.yaml is a template with placeholders only', () => {
      const secrets = loadAllYaml('k8s/secret.example.yaml');
      expect(secrets.map((s) => s.metadata.name).sort()).toEqual([SIGNING_SECRET, SECRET, OPS_SECRET, ESIGN_SECRET].sort());
      for (const secret of secrets) {
        expect(secret.kind).toBe('Secret');
        expect(secret.data).toBeUndefined();
        for (const [key, value] of Object.entries<string>(secret.stringData)) {
          expect({ key, placeholder: /REPLACE/.test(value) }).toEqual({ key, placeholder: true });
        }
      }
      const main = secrets.find((s) => s.metadata.name === SECRET);
      expect(Object.keys(main.stringData).sort()).toEqual(
        [
          'DATABASE_URL',
          'JWT_PUBLIC_KEY',
          'REDIS_URL',
          'S3_ACCESS_KEY',
          'S3_SECRET_KEY',
          'SMTP_URL',
          'SKYSLOPE_CREDENTIALS_KEY',
          'SKYSLOPE_CLIENT_ID',
          'SKYSLOPE_CLIENT_SECRET',
        ].sort(),
      );
      const signing = secrets.find((s) => s.metadata.name === SIGNING_SECRET);
      expect(Object.keys(signing.stringData)).toEqual(['JWT_PRIVATE_KEY']);
      const sealing = secrets.find((s) => s.metadata.name === ESIGN_SECRET);
      expect(Object.keys(sealing.stringData).sort()).toEqual([...ESIGN_SECRET_KEYS].sort());
    });

    it('gives the sealing certificate (ESIGN_P12_BASE64, ESIGN_P12_PASSPHRASE) to the esign API and worker containers only, from its own Secret, required', () => {
      const config = get('ConfigMap', CONFIG_MAP).data;
      for (const key of ESIGN_SECRET_KEYS) expect({ key, inConfigMap: key in config }).toEqual({ key, inConfigMap: false });
      const workloads = applied.filter((m) => ['Deployment', 'Job'].includes(m.doc.kind));
      const holders: string[] = [];
      for (const { doc } of workloads) {
        const esign = doc.kind === 'Deployment' && ['esign', 'esign-worker'].includes(doc.metadata.name);
        for (const container of doc.spec.template.spec.containers) {
          const refs = (container.env ?? []).filter((e: Node) => e.valueFrom?.secretKeyRef?.name === ESIGN_SECRET);
          expect({ workload: doc.metadata.name, refs: refs.map((e: Node) => e.name) }).toEqual({
            workload: doc.metadata.name,
            refs: esign ? ESIGN_SECRET_KEYS : [],
          });
          // Required (no `optional`): without the Secret the pod does not start, as esign would refuse to.
          for (const ref of refs) expect(ref.valueFrom.secretKeyRef).toEqual({ name: ESIGN_SECRET, key: ref.name });
          for (const key of ESIGN_SECRET_KEYS) {
            expect({ workload: doc.metadata.name, key, present: envNames(container).has(key) }).toEqual({
              workload: doc.metadata.name,
              key,
              present: esign,
            });
          }
          if (esign) holders.push(doc.metadata.name);
        }
      }
      expect(holders.sort()).toEqual(['esign', 'esign-worker']);
    });

    it('gives the operator credential (OPS_USERNAME, OPS_PASSWORD) to the identity API container only, from its own Secret', () => {
      const ops = loadAllYaml('k8s/secret.example.yaml').find((s) => s.metadata.name === OPS_SECRET);
      expect(Object.keys(ops.stringData).sort()).toEqual(['OPS_PASSWORD', 'OPS_USERNAME']);
      const config = get('ConfigMap', CONFIG_MAP).data;
      expect([config.OPS_USERNAME, config.OPS_PASSWORD]).toEqual([undefined, undefined]);
      const workloads = applied.filter((m) => ['Deployment', 'Job'].includes(m.doc.kind));
      for (const { doc } of workloads) {
        for (const container of doc.spec.template.spec.containers) {
          const refs = (container.env ?? []).filter((e: Node) => e.valueFrom?.secretKeyRef?.name === OPS_SECRET);
          const expected = doc.kind === 'Deployment' && doc.metadata.name === 'identity' ? ['OPS_USERNAME', 'OPS_PASSWORD'] : [];
          expect({ workload: doc.metadata.name, refs: refs.map((e: Node) => e.name) }).toEqual({
            workload: doc.metadata.name,
            refs: expected,
          });
          // Optional: identity (sign-in) starts without it; the board then refuses everyone.
          for (const ref of refs) expect(ref.valueFrom.secretKeyRef).toEqual({ name: OPS_SECRET, key: ref.name, optional: true });
          expect(envNames(container).has('OPS_PASSWORD')).toBe(expected.length > 0);
        }
      }
    });
  });

  describe.each(SERVICE_NAMES.map((s) => [s]))('service %s', (service) => {
    const port = SERVICE_DEFAULT_PORTS[service];
    const inFile = (m: Manifest | undefined): string | undefined => m?.file;

    it(`keeps its Deployment, worker Deployment, Service and HPA in services/${service}.yaml`, () => {
      const file = `services/${service}.yaml`;
      expect(inFile(find('Deployment', service))).toBe(file);
      expect(inFile(find('Deployment', `${service}-worker`))).toBe(file);
      expect(inFile(find('Service', service))).toBe(file);
      expect(inFile(find('HorizontalPodAutoscaler', service))).toBe(file);
    });

    it('API Deployment runs main.js on its port with probes, resources and its environment', () => {
      const deployment = get('Deployment', service);
      expect(deployment.apiVersion).toBe('apps/v1');
      expectSelectorMatchesTemplate(deployment);
      expectNonRoot(deployment);
      // Replica count belongs to the HPA.
      expect(deployment.spec.replicas).toBeUndefined();
      const container = onlyContainer(deployment);
      expect(container.args).toEqual([`dist/services/${service}/src/main.js`]);
      expect(container.ports.map((p: Node) => p.containerPort)).toEqual([port]);
      expect(container.env.find((e: Node) => e.name === 'PORT')?.value).toBe(String(port));

      expect(container.readinessProbe.httpGet.path).toBe(`/api/${service}/health`);
      expect(containerPortNumber(container, container.readinessProbe.httpGet.port)).toBe(port);
      expect(container.livenessProbe.httpGet.path).toBe(`/api/${service}/health/live`);
      expect(containerPortNumber(container, container.livenessProbe.httpGet.port)).toBe(port);
      if (container.startupProbe) {
        expect(container.startupProbe.httpGet.path).toBe(`/api/${service}/health/live`);
        expect(containerPortNumber(container, container.startupProbe.httpGet.port)).toBe(port);
      }

      expectResources(container);
      expect(envFromNames(container)).toEqual({ configMaps: [CONFIG_MAP], secrets: [SECRET] });
      expectServiceEnv(service, container);
    });

    it('worker Deployment runs worker.js with resources and the same environment', () => {
      const worker = get('Deployment', `${service}-worker`);
      expectSelectorMatchesTemplate(worker);
      expectNonRoot(worker);
      expect(worker.spec.replicas).toBeGreaterThanOrEqual(1);
      const container = onlyContainer(worker);
      expect(container.args).toEqual([`dist/services/${service}/src/worker.js`]);
      expectResources(container);
      expect(envFromNames(container)).toEqual({ configMaps: [CONFIG_MAP], secrets: [SECRET] });
      expectServiceEnv(service, container);
    });

    it('Service selects the API pods only, on the service port', () => {
      const svc = get('Service', service);
      const api = get('Deployment', service);
      const worker = get('Deployment', `${service}-worker`);
      expect(labelsMatch(svc.spec.selector, api.spec.template.metadata.labels)).toBe(true);
      expect(labelsMatch(svc.spec.selector, worker.spec.template.metadata.labels)).toBe(false);
      expect(svc.spec.ports).toHaveLength(1);
      expect(svc.spec.ports[0].port).toBe(port);
      expect(containerPortNumber(onlyContainer(api), svc.spec.ports[0].targetPort ?? port)).toBe(port);
    });

    it('HPA (autoscaling/v2) scales the API Deployment on CPU', () => {
      const hpa = get('HorizontalPodAutoscaler', service);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: service });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
      expect(hpa.spec.metrics.some((m: Node) => m.resource?.name === 'cpu')).toBe(true);
    });
  });

  describe('edge', () => {
    it('Deployment runs dist/edge/src/main.js on EDGE_PORT with probes and resources', () => {
      const deployment = get('Deployment', 'edge');
      expectSelectorMatchesTemplate(deployment);
      expectNonRoot(deployment);
      const container = onlyContainer(deployment);
      expect(container.args).toEqual(['dist/edge/src/main.js']);
      expect(container.ports.map((p: Node) => p.containerPort)).toEqual([EDGE_DEFAULT_PORT]);
      expect(envNames(container).has('EDGE_PORT')).toBe(true);
      for (const service of SERVICE_NAMES) expect(envNames(container).has(upstreamEnvVar(service))).toBe(true);
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(probe.httpGet.path).toBeDefined();
        expect(containerPortNumber(container, probe.httpGet.port)).toBe(EDGE_DEFAULT_PORT);
      }
      expectResources(container);
      // The edge serves static files and proxies: it needs no secret.
      expect(envFromNames(container).secrets).toEqual([]);
    });

    it('Service and HPA', () => {
      const svc = get('Service', 'edge');
      expect(labelsMatch(svc.spec.selector, get('Deployment', 'edge').spec.template.metadata.labels)).toBe(true);
      expect(svc.spec.ports[0].port).toBe(EDGE_DEFAULT_PORT);
      const hpa = get('HorizontalPodAutoscaler', 'edge');
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'edge' });
    });

    it('every HPA targets an existing Deployment (the stateless APIs and the edge, no worker)', () => {
      const targets = applied.filter((m) => m.doc.kind === 'HorizontalPodAutoscaler').map((m) => m.doc.spec.scaleTargetRef.name);
      expect(targets.sort()).toEqual([...SERVICE_NAMES, 'edge'].sort());
      for (const name of targets) expect(find('Deployment', name)).toBeDefined();
    });
  });

  describe('Ingress', () => {
    const ingresses = applied.filter((m) => m.doc.kind === 'Ingress').map((m) => m.doc);
    const paths = (): Node[] => ingresses[0].spec.rules.flatMap((rule: Node) => rule.http.paths);

    it('is one networking.k8s.io/v1 Ingress', () => {
      expect(ingresses).toHaveLength(1);
      expect(ingresses[0].apiVersion).toBe('networking.k8s.io/v1');
    });

    // ROUTE_TABLE may list a prefix twice (a service's own /api/<service> area and the same prefix
    // among its REST prefixes, e.g. /api/transactions): one Ingress path covers both, as long as
    // the entries agree on the owner.
    const uniquePrefixes = [...new Set(ROUTE_TABLE.map((e) => e.prefix))];

    it('ROUTE_TABLE never gives one prefix two owners', () => {
      for (const prefix of uniquePrefixes) {
        const owners = new Set(ROUTE_TABLE.filter((e) => e.prefix === prefix).map((e) => e.service));
        expect({ prefix, owners: [...owners] }).toEqual({ prefix, owners: [resolveRoute(prefix)?.service] });
      }
    });

    it('has exactly one Prefix path per ROUTE_TABLE prefix, plus / for the edge', () => {
      const list = paths().map((p) => p.path);
      expect(list.filter((p, i) => list.indexOf(p) !== i)).toEqual([]);
      expect([...list].sort()).toEqual([...uniquePrefixes, '/'].sort());
      for (const p of paths()) expect(p.pathType).toBe('Prefix');
    });

    it('sends each prefix to the Service of its owning service, on that Service port', () => {
      const byPath = new Map(paths().map((p) => [p.path, p.backend.service]));
      for (const entry of ROUTE_TABLE) {
        const backend = byPath.get(entry.prefix);
        expect({ prefix: entry.prefix, service: backend?.name }).toEqual({ prefix: entry.prefix, service: entry.service });
        expect(backend.port.number).toBe(get('Service', entry.service).spec.ports[0].port);
      }
      expect(byPath.get('/')).toEqual({ name: 'edge', port: { number: EDGE_DEFAULT_PORT } });
      for (const backend of byPath.values()) expect(find('Service', backend.name)).toBeDefined();
    });

    it('routes like resolveRoute() under Kubernetes Prefix matching', () => {
      // Kubernetes Prefix: element-wise match on '/'-separated segments, longest path wins.
      const segments = (p: string): string[] => p.split('/').filter(Boolean);
      const k8sRoute = (requestPath: string): string | undefined => {
        const request = segments(requestPath);
        let best: Node = undefined;
        for (const p of paths()) {
          const prefix = segments(p.path);
          const matches = prefix.every((segment, i) => request[i] === segment);
          if (matches && (!best || p.path.length > best.path.length)) best = p;
        }
        return best?.backend.service.name;
      };
      const samples = new Set<string>(['/', '/display', '/display/slides/1', '/app/admin/users', '/api', '/api/unknown']);
      for (const { prefix } of ROUTE_TABLE) {
        for (const suffix of ['', '/', '/123', '/a/b', 'x', 's', '_extra']) samples.add(prefix + suffix);
      }
      for (const requestPath of samples) {
        const expected = resolveRoute(requestPath)?.service ?? 'edge';
        expect({ requestPath, backend: k8sRoute(requestPath) }).toEqual({ requestPath, backend: expected });
      }
    });
  });

  describe('migrate Job', () => {
    it('runs dist/scripts/migrate.js once with the service environment', () => {
      const jobs = applied.filter((m) => m.doc.kind === 'Job').map((m) => m.doc);
      expect(jobs).toHaveLength(1);
      const job = jobs[0];
      expect(job.apiVersion).toBe('batch/v1');
      expect(['Never', 'OnFailure']).toContain(job.spec.template.spec.restartPolicy);
      expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(1);
      const container = onlyContainer(job);
      expect(container.args[0]).toBe('dist/scripts/migrate.js');
      expect(envNames(container).has('DATABASE_URL')).toBe(true);
      expectResources(container);
      expect(job.spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
    });
  });
});
