// Contracts of this domain; filled by its owner.
export {};
