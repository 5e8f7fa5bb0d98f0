import { describe, expect, it } from 'vitest';
import { returnPath, returnSearch } from './return-route';

const params = (search: string) => new URLSearchParams(search);

describe('returnPath', () => {
  it('is the transaction or transfer that sent the customer here', () => {
    expect(returnPath(params('?_rtr=viewTransaction&_rti=TX-42'))).toBe('/transaction/TX-42');
    expect(
      returnPath(params('?_rtr=transferWizard&_rti=0f8fad5b-d9cb-469f-a165-70867728950e')),
    ).toBe('/transfer/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(returnPath(params('?_rtr=makePayment&_rti=TX-42'))).toBe('/pay/TX-42');
  });

  it('is null without both parameters, for another route, or for an id that is not one', () => {
    expect(returnPath(params(''))).toBeNull();
    expect(returnPath(params('?_rtr=viewTransaction'))).toBeNull();
    expect(returnPath(params('?_rtr=settings&_rti=1'))).toBeNull();
    expect(returnPath(params('?_rtr=toString&_rti=1'))).toBeNull();
    expect(returnPath(params('?_rtr=viewTransaction&_rti=../../evil'))).toBeNull();
    expect(returnPath(params('?_rtr=viewTransaction&_rti=%2F%2Fevil.example'))).toBeNull();
  });
});

describe('returnSearch', () => {
  it('carries a valid way back along a link, and nothing else', () => {
    expect(returnSearch(params('?_rtr=viewTransaction&_rti=TX-42&other=1'))).toBe(
      '?_rtr=viewTransaction&_rti=TX-42',
    );
    expect(returnSearch(params('?_rtr=nope&_rti=1'))).toBe('');
  });
});
