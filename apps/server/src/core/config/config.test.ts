import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.demo).toBe(false);
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads typed values and trims the trailing slash of the base URL', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/atrium',
      PUBLIC_BASE_URL: 'https://lms.example.com/',
      ATRIUM_DEMO: 'true',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/atrium',
      publicBaseUrl: 'https://lms.example.com',
      demo: true,
      smtpUrl: 'smtp://mail:25',
    });
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('refuses a port out of range and a relative base URL', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'lms.example.com' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('has SCORM package limits with sane defaults, and refuses nonsense', () => {
    expect(loadConfig({}).scorm).toEqual({
      maxUnpackedBytes: 1024 ** 3,
      maxFiles: 10_000,
      maxPathDepth: 16,
      maxRatio: 100,
      ratioFloorBytes: 1024 * 1024,
    });
    expect(
      loadConfig({ SCORM_MAX_FILES: '50', SCORM_MAX_UNPACKED_BYTES: '2097152' }).scorm,
    ).toMatchObject({ maxFiles: 50, maxUnpackedBytes: 2_097_152 });
    expect(() => loadConfig({ SCORM_MAX_FILES: '0' })).toThrow(/SCORM_MAX_FILES/);
    expect(() => loadConfig({ SCORM_MAX_UNPACKED_BYTES: '10' })).toThrow(
      /SCORM_MAX_UNPACKED_BYTES/,
    );
    expect(() => loadConfig({ SCORM_MAX_PATH_DEPTH: 'deep' })).toThrow(/SCORM_MAX_PATH_DEPTH/);
  });

  it('puts the content origin on the next port unless told otherwise', () => {
    expect(loadConfig({ PORT: '4000' }).content).toEqual({ port: 4001, origin: undefined });
    expect(loadConfig({ PORT: '0' }).content.port).toBe(0);
    expect(loadConfig({ PORT: '4000', CONTENT_PORT: '5000' }).content.port).toBe(5000);
    expect(loadConfig({ CONTENT_ORIGIN: 'https://content.lms.example/x/' }).content.origin).toBe(
      'https://content.lms.example',
    );
    expect(() => loadConfig({ CONTENT_ORIGIN: 'content.lms.example' })).toThrow(/CONTENT_ORIGIN/);
    expect(() => loadConfig({ CONTENT_PORT: '70000' })).toThrow(/CONTENT_PORT/);
  });
});
