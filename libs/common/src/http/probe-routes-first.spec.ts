import express from 'express';
import request from 'supertest';
import { probeRoutesFirst } from './probe-routes-first';

type Layer = { route?: { path: unknown } };
const routesOf = (app: express.Express) =>
  (app.router as unknown as { stack: Layer[] }).stack.map((layer) =>
    layer.route ? String(layer.route.path) : '(middleware)',
  );

describe('probeRoutesFirst', () => {
  const app = () => {
    const a = express();
    a.use((_req, res, next) => {
      res.setHeader('X-First', 'yes');
      next();
    });
    a.get('/api/weight', (_req, res) => void res.send('weight'));
    a.get('/api/:anything/live', (_req, res) => void res.send('param route'));
    a.use('/api/docs', (_req, res) => void res.send('docs'));
    a.get('/api/version', (_req, res) => void res.send('version'));
    a.get('/api/health/live', (_req, res) => void res.send('live'));
    a.get('/api/docs/x', (_req, res) => void res.send('never reached'));
    return a;
  };

  it('moves a literal route in front of the others, after the middleware before them', async () => {
    const a = app();
    expect(probeRoutesFirst(a, ['/api/version'])).toEqual(['/api/version']);
    expect(routesOf(a)).toEqual([
      '(middleware)',
      '/api/version',
      '/api/weight',
      '/api/:anything/live',
      '(middleware)',
      '/api/health/live',
      '/api/docs/x',
    ]);
    const res = await request(a).get('/api/version');
    expect([res.text, res.headers['x-first']]).toEqual(['version', 'yes']);
    expect((await request(a).get('/api/weight')).text).toBe('weight');
  });

  it('leaves a route where it is when a layer before it could answer its path', async () => {
    const a = app();
    const before = routesOf(a);
    expect(probeRoutesFirst(a, ['/api/health/live', '/api/docs/x', '/api/missing'])).toEqual([]);
    expect(routesOf(a)).toEqual(before);
    expect((await request(a).get('/api/health/live')).text).toBe('param route');
    expect((await request(a).get('/api/docs/x')).text).toBe('docs');
  });
});
