import { makeZodJitless } from '@portal/contracts/zod-config';

// Before any schema is built: no eval probe for the content security policy to report.
makeZodJitless();

// Async boundary: shared singletons (react, antd, ...) are negotiated before any app code runs.
import('./bootstrap');
