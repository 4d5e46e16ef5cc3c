import { describe, expect, it } from 'vitest';
import { errorToast, successToast } from '../../../engine/core/index.ts';

describe('error toast', () => {
  it('title error, 5000 ms, close button, top-left in English', () => {
    expect(errorToast('No place available', { locale: 'en' })).toEqual({
      variant: 'error',
      title: 'error',
      message: 'No place available',
      autoHideDuration: 5000,
      closeButton: true,
      anchorOrigin: { vertical: 'top', horizontal: 'left' },
    });
  });
  it('top-right in Arabic, with the Arabic text of an {en, ar} message and a suffix', () => {
    const toast = errorToast(
      { en: 'Not enough credit balance', ar: 'الرصيد غير كاف' },
      { locale: 'ar', suffix: '(500 EGP)' },
    );
    expect(toast.anchorOrigin.horizontal).toBe('right');
    expect(toast.message).toBe('الرصيد غير كاف (500 EGP)');
    expect(toast.title).toBe('خطأ');
  });
  it('a string message goes through translate', () => {
    expect(errorToast('errors.capacity', { locale: 'en', translate: (k) => `T(${k})` }).message).toBe(
      'T(errors.capacity)',
    );
  });
  it('falls back to Something went wrong', () => {
    expect(errorToast(undefined, { locale: 'en' }).message).toBe('Something went wrong');
    expect(errorToast('  ', { locale: 'en' }).message).toBe('Something went wrong');
    expect(errorToast({ en: '' }, { locale: 'ar' }).message).toBe('حدث خطأ ما');
  });
  it('other left-to-right languages show top-left', () => {
    expect(errorToast('x', { locale: 'fr' }).anchorOrigin.horizontal).toBe('left');
  });
});

describe('success toast', () => {
  it('title Success, 3000 ms, no close button, fallback Operation successful', () => {
    expect(successToast(null, { locale: 'en' })).toEqual({
      variant: 'success',
      title: 'Success',
      message: 'Operation successful',
      autoHideDuration: 3000,
      closeButton: false,
      anchorOrigin: { vertical: 'top', horizontal: 'left' },
    });
  });
  it('shows the given message', () => {
    expect(successToast({ en: 'Saved', ar: 'تم الحفظ' }, { locale: 'ar' }).message).toBe('تم الحفظ');
  });
});
