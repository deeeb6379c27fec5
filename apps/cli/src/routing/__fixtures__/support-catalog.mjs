// An outside catalog of tools defined with four-part description objects (defineTool's recommended form):
// the support desk's own, built the way an adopter builds theirs.
import { createMemoryBackend, createSupportTools } from "@keel/support-desk/tools";

export default createSupportTools(createMemoryBackend());
