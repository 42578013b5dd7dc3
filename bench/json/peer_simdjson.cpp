// simdjson parse-only throughput (MB/s, best of N, process CPU time: the machine may be shared): DOM parse of a padded
// in-memory copy, parser reused as its own benchmarks do.
#include <simdjson.h>

#include <ctime>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    simdjson::padded_string text;
    if (simdjson::padded_string::load(argv[1]).get(text))
        return 2;
    simdjson::dom::parser parser;
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        std::clock_t t0 = std::clock();
        simdjson::dom::element doc;
        auto err = parser.parse(text).get(doc);
        std::clock_t t1 = std::clock();
        if (err)
            return 1;
        double s = static_cast<double>(t1 - t0) / CLOCKS_PER_SEC;
        if (s < best)
            best = s;
    }
    std::printf("%.1f\n", static_cast<double>(text.size()) / best / 1e6);
    return 0;
}
