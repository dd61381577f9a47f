/** A saved business profile as the sync tests store and pull it (src/domain/businessProfile.ts). */
export const businessProfileFixture = {
  businessName: 'Captain Catering',
  address: '',
  phone: '',
  email: '',
  taxNumber: '',
  taxName: 'HST',
  logo: '',
  depositPercent: 50,
  balanceDays: 7,
  paymentTerms: '',
  updatedAt: 1,
};
