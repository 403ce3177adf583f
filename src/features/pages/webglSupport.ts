/** What this browser's WebGL can do, as /env reports it. */
export interface WebglSupport {
  webgl2: boolean;
  /** The GPU (or software renderer) the browser reports, when it says. */
  renderer: string | null;
  maxTextureSize: number | null;
}

/** Probes WebGL 2 on a throwaway canvas, then gives its context back at once. */
export function probeWebgl(doc: Document = document): WebglSupport {
  const canvas = doc.createElement('canvas');
  let gl: WebGL2RenderingContext | null;
  try {
    gl = canvas.getContext('webgl2');
  } catch {
    gl = null;
  }
  if (!gl) return { webgl2: false, renderer: null, maxTextureSize: null };
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = debug
    ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL))
    : String(gl.getParameter(gl.RENDERER));
  const support = {
    webgl2: true,
    renderer: renderer || null,
    maxTextureSize: Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)) || null,
  };
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return support;
}
