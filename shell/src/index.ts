// Async boundary: shared singletons (react, antd, ...) are negotiated before any app code runs.
import('./bootstrap');
