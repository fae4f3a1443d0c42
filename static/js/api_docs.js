// Starts Swagger UI on the API's documentation page (templates/api_docs.html) with FastAPI's
// usual settings, from a file of our own: the site's CSP allows no inline script.
(function () {
  "use strict";
  const root = document.getElementById("swagger-ui");
  if (!root || !window.SwaggerUIBundle) return;
  window.SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [window.SwaggerUIBundle.presets.apis, window.SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
})();
