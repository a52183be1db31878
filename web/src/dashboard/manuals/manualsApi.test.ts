import { describe, expect, it } from 'vitest';
import { inLang, isVideoAddress } from './manualsApi';

describe('manual helpers', () => {
  it('accepts only mp4 videos over https or on this server', () => {
    expect(isVideoAddress('https://video.example.be/frietketel.mp4')).toBe(true);
    expect(isVideoAddress('/media/uitleg.MP4')).toBe(true);
    expect(isVideoAddress('http://video.example.be/a.mp4')).toBe(false);
    expect(isVideoAddress('javascript:alert(1)//.mp4')).toBe(false);
    expect(isVideoAddress('//evil.example/a.mp4')).toBe(false);
    expect(isVideoAddress('/../a.mp4')).toBe(false);
    expect(isVideoAddress('https://www.youtube.com/watch?v=x')).toBe(false);
  });
  it('falls back to Dutch where a language is empty', () => {
    expect(inLang({ nl: 'Openen', fr: '', en: 'Opening' }, 'fr')).toBe('Openen');
    expect(inLang({ nl: 'Openen', fr: '', en: 'Opening' }, 'en')).toBe('Opening');
  });
});
