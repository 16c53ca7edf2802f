# skeleton-server as a container image: built by the official Swift image with the Swift runtime
# linked in statically, run from a slim image that holds the binary and nothing of the toolchain.
#   docker build -t skeleton-server .
#   docker run --rm -p 8080:8080 -e SESSION_SECRET=... skeleton-server

FROM swift:6.3.1-noble AS build
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Plugins ./Plugins
RUN swift build -c release --static-swift-stdlib --product skeleton-server \
    && install -D "$(swift build -c release --static-swift-stdlib --show-bin-path)/skeleton-server" /out/skeleton-server

FROM ubuntu:24.04
# A numeric user: Kubernetes' runAsNonRoot can verify only a numeric UID.
COPY --from=build /out/skeleton-server /usr/local/bin/skeleton-server
USER 10001:10001
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/skeleton-server", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/skeleton-server"]
