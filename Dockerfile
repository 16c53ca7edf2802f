# Build: the Swift toolchain image; run: a slim image with the statically linked Swift runtime.
FROM swift:6.0-jammy AS build
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
RUN swift build -c release --static-swift-stdlib --product skeleton-server \
    && cp "$(swift build -c release --show-bin-path)/skeleton-server" /skeleton-server

FROM ubuntu:jammy
RUN useradd --system --no-create-home skeleton
COPY --from=build /skeleton-server /usr/local/bin/skeleton-server
USER skeleton
EXPOSE 8080
ENV HOST=0.0.0.0 PORT=8080
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/skeleton-server"]
