// @vitest-environment jsdom
/**
 * A Latin or numeric value keeps its own order in an Arabic form: phone, e-mail, number and any
 * field whose filter admits no Arabic are left to right, free text follows what is typed
 * (`dir="auto"`), all aligned with the page's start. Checked in the RJSF view (the users' and the
 * students' edit forms: our filtered widget and RJSF's own text, text area and number widgets)
 * and in the light view (sign-in).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inputDirection, inputDirectionProps } from '../../../engine/react/renderers/form/input-direction.ts';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

describe('inputDirection', () => {
  it('phone, e-mail, address, numbers and Latin-only filters are left to right; free text is auto', () => {
    for (const type of ['tel', 'email', 'url', 'number']) expect(inputDirection({ type })).toBe('ltr');
    expect(inputDirection({ type: 'text', schemaType: 'integer' })).toBe('ltr');
    expect(inputDirection({ type: 'text', format: 'email' })).toBe('ltr');
    expect(inputDirection({ type: 'text', allow: '[0-9+]' })).toBe('ltr'); // phone
    expect(inputDirection({ type: 'text', allow: '[^\\u0600-\\u06FF]' })).toBe('ltr'); // no_arabic
    expect(inputDirection({ type: 'text', allow: '[\\u0600-\\u06FF0-9\\s.,()/-]' })).toBe('auto'); // arabic
    expect(inputDirection({ type: 'text', allow: '[A-Za-z\\u0600-\\u06FF\\s]' })).toBe('auto'); // letters_only
    expect(inputDirection({ type: 'text' })).toBe('auto');
    expect(inputDirection({})).toBe('auto');
  });

  it("aligns the text with the page's start side", () => {
    expect(inputDirectionProps({ type: 'tel' }, 'ar')).toEqual({ dir: 'ltr', style: { textAlign: 'right' } });
    expect(inputDirectionProps({ type: 'text' }, 'en')).toEqual({ dir: 'auto', style: { textAlign: 'left' } });
  });
});

const USER = {
  id: 1,
  email: 'abdallah@rowaq.demo',
  name: 'Abdallah Darwish',
  name_local: 'عبد الله درويش',
  type: 4,
  phone: '+201165028619',
  locale: 'ar',
  active: true,
};
const STUDENT = {
  id: 1,
  code: '20240288',
  name: 'Abdallah Darwish',
  name_local: 'عبد الله درويش',
  email: 'abdallah@rowaq.demo',
  national_id: '30609231336596',
  phone: '+201222232857',
  address: '7 El Nasr Road, Port Said',
  level: 3,
};

async function field(id: string): Promise<HTMLInputElement> {
  return (await screen.findByDisplayValue(id, {}, { timeout: 10_000 })) as HTMLInputElement;
}

describe('form fields in Arabic', () => {
  it("the users' edit form: phone and e-mail left to right, names auto, aligned right", async () => {
    render(
      <StoryProviders manifest={CLIENT_MANIFEST} language="ar" rows={{ users: [USER] }}>
        <ScreenStory screen="users-edit" params={{ id: '1' }} layout="none" />
      </StoryProviders>,
    );
    const phone = await field('+201165028619');
    expect(phone.id).toBe('root_phone');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.style.textAlign).toBe('right');
    expect((await field('abdallah@rowaq.demo')).getAttribute('dir')).toBe('ltr');
    expect((await field('Abdallah Darwish')).getAttribute('dir')).toBe('auto');
    expect((await field('عبد الله درويش')).getAttribute('dir')).toBe('auto');
  });

  it("the students' edit form: the address (a text area) auto, the level (a number) left to right", async () => {
    render(
      <StoryProviders manifest={CLIENT_MANIFEST} language="ar" rows={{ students: [STUDENT] }}>
        <ScreenStory screen="students-edit" params={{ id: '1' }} layout="none" />
      </StoryProviders>,
    );
    const address = await field('7 El Nasr Road, Port Said');
    expect(address.tagName).toBe('TEXTAREA');
    expect(address.getAttribute('dir')).toBe('auto');
    expect(address.style.textAlign).toBe('right');
    expect((await field('+201222232857')).getAttribute('dir')).toBe('ltr');
    expect(document.querySelector('#root_level')?.getAttribute('dir')).toBe('ltr');
  });

  it('the light view (sign-in): the e-mail is left to right, aligned right in Arabic', async () => {
    render(
      <StoryProviders manifest={CLIENT_MANIFEST} language="ar" user={null}>
        <ScreenStory screen="auth-login" layout="none" />
      </StoryProviders>,
    );
    const email = (await screen.findByLabelText(/البريد الإلكتروني/, {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(email.getAttribute('dir')).toBe('ltr');
    expect(email.style.textAlign).toBe('right');
  });
});
