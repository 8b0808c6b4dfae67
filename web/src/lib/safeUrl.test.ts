import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safeUrl';

describe('safeLinkUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(safeLinkUrl('https://docs.example.com/api')).toBe('https://docs.example.com/api');
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com/');
    expect(safeLinkUrl('  HTTPS://Example.com/x  ')).toBe('https://example.com/x');
  });

  it('rejects dangerous schemes', () => {
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeLinkUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeLinkUrl('vbscript:msgbox(1)')).toBeNull();
    expect(safeLinkUrl('file:///etc/passwd')).toBeNull();
    expect(safeLinkUrl('ftp://example.com')).toBeNull();
    expect(safeLinkUrl('mailto:a@example.com')).toBeNull();
  });

  it('rejects relative, protocol-relative, empty and malformed values', () => {
    expect(safeLinkUrl('/admin')).toBeNull();
    expect(safeLinkUrl('//evil.example.com')).toBeNull();
    expect(safeLinkUrl('example.com')).toBeNull();
    expect(safeLinkUrl('')).toBeNull();
    expect(safeLinkUrl('   ')).toBeNull();
    expect(safeLinkUrl(null)).toBeNull();
    expect(safeLinkUrl(undefined)).toBeNull();
    expect(safeLinkUrl('https://')).toBeNull();
    expect(safeLinkUrl('https://exa mple.com')).toBeNull();
  });
});
