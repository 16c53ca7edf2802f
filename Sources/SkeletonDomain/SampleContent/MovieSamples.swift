/// The movie app's home, as seed 004's cards show them: a trending movie for the hero card, six
/// popular movies whose posters are the elements `poster[0]`..`poster[5]` (each poster shows the
/// title of the popular movie at its index), and four more movies, none of them among the
/// popular six, for the compact list.
enum MovieSamples {
    static func content(_ element: String, seed: Int) -> [UInt8]? {
        switch element {
        case "hero": return hero(seed: seed).bytes
        case "popular": return popular(seed: seed).bytes
        case "compactList": return compactList(seed: seed).bytes
        default:
            guard let index = posterIndices.first(where: { element == "poster[\($0)]" }) else { return nil }
            return poster(index, seed: seed).bytes
        }
    }

    /// A movie as drawn for one element.
    private struct Movie {
        let title: String
        let genre: String
        let year: Int
        let runtimeMinutes: Int
        let rating: Double

        init(title: String, draws: inout SampleDraws) {
            self.title = title
            genre = draws.pick(genres)
            year = draws.int(in: 2012...2026)
            runtimeMinutes = draws.int(in: 84...168)
            rating = Double(draws.int(in: 55...92)) / 10
        }

        /// `2h 14m`, or `2h` on the hour.
        var runtime: String {
            runtimeMinutes % 60 == 0 ? "\(runtimeMinutes / 60)h" : "\(runtimeMinutes / 60)h \(runtimeMinutes % 60)m"
        }
    }

    /// `{"title", "subtitle", "genre", "year", "rating"}`; the rating is out of 10.
    private static func hero(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "movies", element: "hero", seed: seed)
        let movie = Movie(title: draws.pick(titles), draws: &draws)
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("title", movie.title)
        writer.member("subtitle", "\(movie.genre) · \(movie.year) · \(movie.runtime)")
        writer.member("genre", movie.genre)
        writer.member("year", movie.year)
        writer.member("rating", movie.rating)
        writer.endObject()
        return writer
    }

    /// `{"movies": [{title, year, genre, rating, poster}]}`, `poster` naming the element whose
    /// content is the movie's poster image.
    private static func popular(seed: Int) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("movies")
        writer.beginArray()
        for (index, movie) in popularMovies(seed: seed).enumerated() {
            writer.beginObject()
            writer.member("title", movie.title)
            writer.member("year", movie.year)
            writer.member("genre", movie.genre)
            writer.member("rating", movie.rating)
            writer.member("poster", "poster[\(index)]")
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"title", "mediaType", "width", "height", "svg"}`: the poster of the popular movie at
    /// `index`, its image an SVG document as text.
    private static func poster(_ index: Int, seed: Int) -> JSONWriter {
        let title = popularMovies(seed: seed)[index].title
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginObject()
        writer.member("title", title)
        writer.member("mediaType", "image/svg+xml")
        writer.member("width", PosterImage.width)
        writer.member("height", PosterImage.height)
        writer.member("svg", PosterImage.svg(title: title, index: index, seed: seed))
        writer.endObject()
        return writer
    }

    /// `{"movies": [{title, subtitle, detail}]}`: a compact card's three lines.
    private static func compactList(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "movies", element: "compactList", seed: seed)
        let popularTitles = popularMovies(seed: seed).map(\.title)
        let others = titles.filter { !popularTitles.contains($0) }
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("movies")
        writer.beginArray()
        let taglines = draws.distinct(4, of: Self.taglines)
        for (index, title) in draws.distinct(4, of: others).enumerated() {
            let movie = Movie(title: title, draws: &draws)
            writer.beginObject()
            writer.member("title", movie.title)
            writer.member("subtitle", "\(movie.year) · \(movie.genre) · \(movie.runtime)")
            writer.member("detail", taglines[index])
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// The popular row, drawn from the `popular` element's generator so that the posters agree.
    private static func popularMovies(seed: Int) -> [Movie] {
        var draws = SampleDraws(screen: "movies", element: "popular", seed: seed)
        return draws.distinct(posterIndices.count, of: titles).map { Movie(title: $0, draws: &draws) }
    }

    private static let posterIndices = 0..<6

    private static let titles = [
        "The Quiet Harbor", "Paper Satellites", "Salt & Cedar", "The Keeper's Map", "Northbound",
        "A Field of Lanterns", "Glass Orchard", "The Long Tide", "Echo Valley", "Midnight Atlas",
        "The Silver Fox Club", "Winter Clockmaker", "Ten Thousand Kites", "The Last Lighthouse",
        "Copper Skies", "Harvest Moon Diner", "The Understudy", "Blue Hour", "Small Wonders",
        "The Cartographer", "Over the Ridge", "Neon Rain", "Lemon Grove", "Stormwatch",
        "The Velvet Hour", "Little Engines", "Beneath the Pines", "The Far Shore",
    ]

    private static let genres = [
        "Drama", "Comedy", "Thriller", "Sci-Fi", "Adventure", "Animation", "Mystery", "Romance",
        "Documentary", "Fantasy", "Family",
    ]

    private static let taglines = [
        "A lighthouse keeper finds a letter that was never sent.",
        "Two rival chefs share one kitchen for a summer.",
        "A mapmaker sets out to chart a valley that keeps moving.",
        "Old friends reunite for one last road trip north.",
        "A small-town radio host starts receiving strange requests.",
        "An inventor builds a clock that runs on memories.",
        "A family restores a diner on the edge of the desert.",
        "A young pilot races a storm across the islands.",
        "Three strangers are stuck in a train station overnight.",
        "A retired detective takes on one final, quiet case.",
        "A choir of misfits aims for the national finals.",
        "Siblings inherit a greenhouse full of secrets.",
    ]
}
