// The payments matrix (e2e/payments.matrix.ts): the browser suite's servers, only the matrix's journeys (scripts/payments-matrix.sh).
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testMatch: '**/*.matrix.ts', projects: [{ name: 'matrix', use: base.projects![0]!.use }] });
