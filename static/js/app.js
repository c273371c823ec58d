// gpuplace enhancements load here; every page works without them.
