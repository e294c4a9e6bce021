import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, gstinCheckCharacter } from '#contract/tax';
import { admin, create, editForm, rowByPhone, upsert } from './users.fixtures';

/* The platform admin edits a store's tax profile in the user form (issue 28, DECISIONS §9). */

const GSTIN_AP = `37AAPFU0939F1Z${gstinCheckCharacter('37AAPFU0939F1Z')}`;

describe('upsertuser: the tax profile', () => {
  it('saves a store’s GSTIN, FSSAI and scheme; refuses a GSTIN of another state; blank clears', async () => {
    const { form, user } = await create({
      state: 'Andhra Pradesh',
      gstin: GSTIN_AP,
      fssaiNumber: '13623011000999',
      taxScheme: 'Regular',
    });
    expect(user).toMatchObject({ gstin: GSTIN_AP, fssaiNumber: '13623011000999', taxScheme: 'Regular' });
    const moved = await upsert(admin, await editForm(user.id, { state: 'Telangana' }));
    expect(moved.status).toBe(400);
    expect(moved.body.errorMessages).toEqual([GSTIN_MESSAGES.state('Telangana', '36')]);
    expect(await rowByPhone(form.phoneNumber)).toMatchObject({ state: 'Andhra Pradesh', gstin: GSTIN_AP });
    const cleared = await upsert(admin, await editForm(user.id, { gstin: '', taxScheme: 'Composition' }));
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await rowByPhone(form.phoneNumber)).toMatchObject({ gstin: null, tax_scheme: 'Composition' });
  });
});
